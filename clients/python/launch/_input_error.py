"""`LaunchInputError`: a launch file asked for something wrong; the evaluator shows it as one line."""


class LaunchInputError(RuntimeError):
    pass
