"""The PINs of the floor tests' event (6 digits: the floor is served beyond loopback)."""

FLOOR_PIN, DIRECTOR_PIN = "246813", "135792"
