"""The pure rules core shared by every game: no pygame, no files, no clock."""
