solve bomb --input json --format json
