solve octal:0.77 --misere --quotient /nonexistent/q.json
