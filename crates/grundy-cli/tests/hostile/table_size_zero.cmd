table cutting --size 0
