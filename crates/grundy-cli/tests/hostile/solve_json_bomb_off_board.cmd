solve bomb --input json
