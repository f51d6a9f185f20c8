"""Answer time: how well an answer's years cover the query's and the retrieved documents' (answer recall and
precision, anchor coverage, year precision and recall at k). Its arithmetic is on year sets (scores.year_sets)."""
