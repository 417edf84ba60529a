from django.urls import path
from rest_framework_simplejwt.views import TokenRefreshView

from . import views

urlpatterns = [
    path("classroom/programs/", views.ProgramList.as_view()),
    path("classroom/auth/me/", views.Me.as_view()),
    path("api/admin/payments/", views.AdminPayments.as_view()),
    path("classroom/admin/stats/", views.AdminStats.as_view()),
    path("auth/token/refresh/", TokenRefreshView.as_view()),
]
