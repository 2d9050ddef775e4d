"""The views, one module per audience; importing the package registers the strict URL converters."""

from .. import params  # noqa: F401  (registers the num, secret and letter converters)
