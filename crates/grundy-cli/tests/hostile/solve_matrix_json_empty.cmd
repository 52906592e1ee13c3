solve matrix --format json
