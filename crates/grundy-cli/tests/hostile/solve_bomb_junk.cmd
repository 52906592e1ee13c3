solve bomb
