judge matrix
