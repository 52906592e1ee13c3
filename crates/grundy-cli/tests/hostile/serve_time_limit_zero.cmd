serve --port 0 --time-limit 0
