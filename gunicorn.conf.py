"""gunicorn's settings for `make run`: the club night's server.

A room of phones sends small requests (an entry, a confirmation, the standings every 15 s) while
the director's laptop renders PDFs now and then: a few processes, each with threads, keep a slow
PDF from holding up the phones. The bind address comes from the command line (make run passes
HOST:PORT). WEB_CONCURRENCY and GUNICORN_THREADS change the counts.
"""

import os

wsgi_app = "tournament.wsgi:application"
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# Load the app once before the workers start: a setting that refuses to start (a weak SECRET_KEY)
# then stops the server with its one message instead of every worker failing in turn.
preload_app = True
# The longest request is a recap PDF of a big night; a worker stuck longer than this is restarted.
timeout = 120
graceful_timeout = 10
accesslog = "-"
errorlog = "-"
# gunicorn 27's control socket has one path per user ($HOME/.gunicorn/gunicorn.ctl): a second
# server (a test run beside make run) would take it over. Nothing here uses it.
control_socket_disable = True
