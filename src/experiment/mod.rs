//! Position generators and batch runs for the papers' experiments.
