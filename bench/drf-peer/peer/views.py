from django.db.models import Sum
from rest_framework import generics, pagination, permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Faculty, Payment, Program, User, Workshop


class IsAdmin(permissions.BasePermission):
    def has_permission(self, request, view):
        return bool(request.user and request.user.role == "admin")


class PersonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Faculty
        fields = ["first_name", "last_name"]


class ProgramSerializer(serializers.ModelSerializer):
    instructor = PersonSerializer(read_only=True)
    duration_months = serializers.SerializerMethodField()

    def get_duration_months(self, obj):
        return max(1, round(obj.duration_weeks * 12 / 52))

    class Meta:
        model = Program
        fields = [
            "id", "title", "subtitle", "description", "level", "category", "target_audience", "price",
            "original_price", "duration_weeks", "duration_months", "avg_salary", "is_featured", "is_flagship",
            "is_active", "instructor", "instructor_id",
        ]


class ProgramList(generics.ListAPIView):
    permission_classes = [permissions.AllowAny]
    serializer_class = ProgramSerializer
    queryset = Program.objects.select_related("instructor").filter(is_active=True).order_by("-is_featured", "id")


class Me(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def get(self, request):
        u = request.user
        role = u.role or "student"
        return Response({
            "id": u.id, "username": u.username, "email": u.email, "first_name": u.first_name,
            "last_name": u.last_name,
            "profile": {"role": role, "is_admin": role == "admin", "is_instructor": role == "instructor",
                        "is_student": role == "student"},
        })


class StudentSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "username", "first_name", "last_name", "email"]


class PaymentSerializer(serializers.ModelSerializer):
    student = StudentSerializer(read_only=True)
    course = serializers.IntegerField(source="course_id")
    program_title = serializers.SerializerMethodField()
    workshop_title = serializers.SerializerMethodField()

    def titles(self, kind):
        cache = self.context.setdefault("titles", {})
        if kind not in cache:
            model = Program if kind == "program" else Workshop
            cache[kind] = dict(model.objects.values_list("id", "title"))
        return cache[kind]

    def get_program_title(self, obj):
        return self.titles("program").get(obj.course_id, "") if obj.course_type == "program" else None

    def get_workshop_title(self, obj):
        return self.titles("workshop").get(obj.course_id, "") if obj.course_type == "workshop" else None

    class Meta:
        model = Payment
        fields = [
            "id", "course", "course_type", "status", "amount", "student", "program_title", "workshop_title",
            "payment_method", "created_at", "completed_at", "failure_reason", "admin_notes", "is_urgent",
        ]


class Pages(pagination.PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class AdminPayments(generics.ListAPIView):
    permission_classes = [IsAdmin]
    serializer_class = PaymentSerializer
    pagination_class = Pages
    queryset = Payment.objects.select_related("student").order_by("-created_at", "-id")


class AdminStats(APIView):
    permission_classes = [IsAdmin]

    def get(self, request):
        return Response({
            "total_students": User.objects.filter(role="student").count(),
            "total_programs": Program.objects.filter(is_active=True).count(),
            "total_faculty": Faculty.objects.count(),
            "total_workshops": Workshop.objects.filter(is_active=True).count(),
            "total_revenue": Payment.objects.filter(status="completed").aggregate(s=Sum("amount"))["s"] or 0,
        })
