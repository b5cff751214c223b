# Card Parlour: `make play` sets up and starts the game, `make test` sets up and runs the tests.
# Both need only python3 (3.10+) and make.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint format engines bench simulate dist check-dist clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.play-ready: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-ready: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.play-ready

play: $(VENV)/.play-ready
	$(BIN)/python -m game

# Style, the layers (import contracts in pyproject.toml) and the types of the pure parts.
lint: $(VENV)/.test-ready
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

format: $(VENV)/.test-ready
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The cluster tests' real redis-server and PostgreSQL (installed when missing and root).
engines:
	@sh tests/cluster/engines.sh

test: lint engines
	$(HEADLESS) $(BIN)/python -m pytest

$(VENV)/.build-ready: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[build]'
	touch $@

# The standalone app in dist/ (onedir; ONEFILE=1 for one executable) and its archive.
dist: $(VENV)/.build-ready
	$(BIN)/python build/package.py $(if $(ONEFILE),--onefile)

# Build the app and run the frozen program's self-test (a missing data file fails).
check-dist: $(VENV)/.build-ready
	$(HEADLESS) $(BIN)/python build/package.py --check $(if $(ONEFILE),--onefile)

bench: $(VENV)/.play-ready
	$(HEADLESS) $(BIN)/python -m game bench

simulate: $(VENV)/.play-ready
	$(BIN)/python -m game simulate --game kaluki --players 4 --games 50 --seed 1

clean:
	rm -rf $(VENV) dist build/work .pytest_cache .ruff_cache .hypothesis
