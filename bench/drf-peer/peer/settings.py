"""
The benchmark's peer: a plain Django REST Framework + SimpleJWT implementation of the endpoints
`npm run bench:api` measures, on the same SQLite file (unmanaged models over the project's tables).
Configured by the environment: PEER_DB (the SQLite file), JWT_SECRET (the project's secret, so the
project's tokens, which follow SimpleJWT's claims, are valid here too).
"""
import os
from datetime import timedelta

SECRET_KEY = "bench-peer-not-secret"
DEBUG = False
ALLOWED_HOSTS = ["*"]
ROOT_URLCONF = "peer.urls"
WSGI_APPLICATION = "peer.wsgi.application"
USE_TZ = True
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "rest_framework",
    "rest_framework_simplejwt.token_blacklist",
    "peer",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.common.CommonMiddleware",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["PEER_DB"]}}
AUTH_USER_MODEL = "peer.User"
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework_simplejwt.authentication.JWTAuthentication"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "UNAUTHENTICATED_USER": None,
}
SIMPLE_JWT = {
    "SIGNING_KEY": os.environ["JWT_SECRET"],
    "ALGORITHM": "HS256",
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=5),
    "REFRESH_TOKEN_LIFETIME": timedelta(days=1),
    # The project's refresh rotates and retires the token presented (its decision record 004 follows
    # SimpleJWT's ROTATE_REFRESH_TOKENS with BLACKLIST_AFTER_ROTATION): the peer does the same, with
    # SimpleJWT's own blacklist app (scripts/bench-api.ts creates its tables with `python3 -m django migrate token_blacklist`).
    "ROTATE_REFRESH_TOKENS": True,
    "BLACKLIST_AFTER_ROTATION": True,
}
