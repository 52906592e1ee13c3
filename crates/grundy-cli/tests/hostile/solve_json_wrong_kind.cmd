solve octal:0.07 --input json
