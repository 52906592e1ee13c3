quotient 0.75 --checkpoint /nonexistent/q.json
