import CGit2
