"""Ranking: temporal relevance of the retrieved documents (P@k, R@k, MRR, MAP, NDCG) by focus time, gold ids or
a listwise judge; the query's temporal focus."""
