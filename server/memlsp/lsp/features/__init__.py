"""Feature modules: each exposes ``register(server)`` and is listed in server.create_server."""
