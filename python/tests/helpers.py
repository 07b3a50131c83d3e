"""Small helpers shared by the tests."""
import numpy as np


def mask_actions(mask):
    """The actions a legal-action mask allows, as sorted ints."""
    return [int(a) for a in np.flatnonzero(mask)]
