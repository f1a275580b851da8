"""`InvalidLaunchFileError`: a file no front end can load."""


class InvalidLaunchFileError(Exception):
    pass
