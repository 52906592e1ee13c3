census 0.7 --output /nonexistent/census.txt
