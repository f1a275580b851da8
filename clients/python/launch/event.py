"""`launch.Event`: what an event handler reacts to."""


class Event:
    name = 'launch.Event'
