judge bomb
