solve matrix --input json
