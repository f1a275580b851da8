"""tf2's exception classes, as tf2_py raises them (tf2_py.cpp: a TransformException made by
PyErr_NewException("tf2.TransformException") over Exception, the other five derived from it).

C++'s Backward/Forward/NoDataForExtrapolationException reach Python as ExtrapolationException,
as tf2_py's WRAP catches them by their base class."""

from __future__ import annotations


class TransformException(Exception):
    pass


class ConnectivityException(TransformException):
    pass


class LookupException(TransformException):
    pass


class ExtrapolationException(TransformException):
    pass


class InvalidArgumentException(TransformException):
    pass


class TimeoutException(TransformException):
    pass


for _class in (TransformException, ConnectivityException, LookupException, ExtrapolationException, InvalidArgumentException, TimeoutException):
    _class.__module__ = "tf2"
