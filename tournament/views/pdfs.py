"""PDF documents (being built)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
