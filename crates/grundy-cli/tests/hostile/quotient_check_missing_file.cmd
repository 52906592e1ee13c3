quotient --check /nonexistent/q.json
