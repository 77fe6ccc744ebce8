"""Dream: consolidating a scope's inbox into topic notes, safely (SPEC R13, R20–R22, R38).

Public API: :func:`dream`, :func:`recover`, :func:`restore`, :func:`should_dream`,
:func:`note_session_ended`, :func:`purge_forgotten` (a forget), the plan types and :data:`PLAN_SCHEMA`, the planners. See
docs/explanation/dream.md. Never imports pygls, lsprotocol or the CLI.
"""

from .apply import AUDIT_NAME, RecoveryReport, audit_events, recover, recover_all
from .forgotten import purge_forgotten
from .gate import GateDecision, note_session_ended, should_dream
from .model_planner import JsonModel, ModelPlanner, planner_for
from .plan import PLAN_SCHEMA, NoteSpec, Operation, Plan, PlanInvalid, PlanRefused, validate_plan
from .planner import OfflinePlanner, PlanContext
from .restore import RestoreError, RestoreResult, purge_archives, restore
from .run import DreamCancelled, DreamResult, dream

__all__ = [
    "AUDIT_NAME",
    "audit_events",
    "planner_for",
    "PLAN_SCHEMA",
    "DreamCancelled",
    "DreamResult",
    "GateDecision",
    "JsonModel",
    "ModelPlanner",
    "NoteSpec",
    "OfflinePlanner",
    "Operation",
    "Plan",
    "PlanContext",
    "PlanInvalid",
    "PlanRefused",
    "RecoveryReport",
    "RestoreError",
    "RestoreResult",
    "dream",
    "note_session_ended",
    "purge_archives",
    "purge_forgotten",
    "recover",
    "recover_all",
    "restore",
    "should_dream",
    "validate_plan",
]
