"""`SubstitutionFailure`: a substitution that cannot give its text (bad input: one line, exit 2)."""


class SubstitutionFailure(RuntimeError):
    pass
