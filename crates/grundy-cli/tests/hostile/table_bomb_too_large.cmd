table bomb --size 2001x1
