package org.cgsuite.core.misere.solver;
// The exception MisereSolver throws when interrupted (its own is declared in a file the bench does not build).
class TimeoutException extends RuntimeException {}
