//! Names of games and searches, as the CLI, share links and the worker protocol spell them
//! (SPEC.md §5), and the dispatch from a name to the concrete game type.
