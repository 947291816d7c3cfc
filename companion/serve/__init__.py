"""`companion serve`: the session's table on every player's phone, live (docs/serve.md).

Nothing here is imported at CLI start-up: the web stack (Starlette, uvicorn, sse-starlette) loads
inside the serve command only. tokens.py (private links), live.py (the session as a stream of told
events), guard.py (limits on hostile traffic), app.py (the routes), run.py (the command's body).
"""
