octal 0.x9
