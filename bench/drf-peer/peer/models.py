from django.db import models


class User(models.Model):
    username = models.CharField(max_length=150, unique=True)
    email = models.CharField(max_length=254)
    first_name = models.CharField(max_length=150)
    last_name = models.CharField(max_length=150)
    password = models.CharField(max_length=200, db_column="password_hash")
    role = models.CharField(max_length=20)

    USERNAME_FIELD = "username"
    REQUIRED_FIELDS = []
    is_active = True
    is_anonymous = False
    is_authenticated = True
    last_login = None

    class Meta:
        managed = False
        db_table = "users"


class Faculty(models.Model):
    first_name = models.CharField(max_length=150)
    last_name = models.CharField(max_length=150)

    class Meta:
        managed = False
        db_table = "faculty"


class Program(models.Model):
    title = models.CharField(max_length=200)
    subtitle = models.CharField(max_length=200)
    description = models.TextField()
    level = models.CharField(max_length=20)
    category = models.CharField(max_length=40)
    target_audience = models.CharField(max_length=40)
    price = models.IntegerField()
    original_price = models.IntegerField(null=True)
    duration_weeks = models.IntegerField()
    avg_salary = models.CharField(max_length=100)
    is_featured = models.BooleanField()
    is_flagship = models.BooleanField()
    is_active = models.BooleanField()
    instructor = models.ForeignKey(Faculty, null=True, on_delete=models.DO_NOTHING)

    class Meta:
        managed = False
        db_table = "programs"


class Workshop(models.Model):
    title = models.CharField(max_length=200)
    is_active = models.BooleanField()

    class Meta:
        managed = False
        db_table = "workshops"


class Payment(models.Model):
    student = models.ForeignKey(User, on_delete=models.DO_NOTHING)
    course_type = models.CharField(max_length=10)
    course_id = models.IntegerField()
    status = models.CharField(max_length=20)
    amount = models.IntegerField()
    payment_method = models.CharField(max_length=20)
    failure_reason = models.CharField(max_length=40, null=True)
    admin_notes = models.TextField()
    is_urgent = models.BooleanField()
    created_at = models.CharField(max_length=40)
    completed_at = models.CharField(max_length=40, null=True)

    class Meta:
        managed = False
        db_table = "payments"
