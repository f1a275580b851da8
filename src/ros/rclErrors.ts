/**
 * rclnodejs 1.x's error classes: every error has a `code`, and what it is about (node, entity,
 * details), so programs can handle them by class or code as they do under rclnodejs.
 */
export interface ErrorOptions {
  code?: string;
  nodeName?: string;
  entityType?: string;
  entityName?: string;
  details?: unknown;
  cause?: unknown;
  argumentName?: string;
  providedValue?: unknown;
  expectedType?: string;
  validationRule?: string;
}

export class RclNodeError extends Error {
  code: string;
  nodeName: string | undefined;
  entityType: string | undefined;
  entityName: string | undefined;
  details: unknown;
  timestamp: Date;

  constructor(message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code ?? 'UNKNOWN_ERROR';
    this.nodeName = options.nodeName;
    this.entityType = options.entityType;
    this.entityName = options.entityName;
    this.details = options.details;
    this.timestamp = new Date();
  }

  toJSON(): Record<string, unknown> {
    const cause = this.cause as { toJSON?: () => unknown; message?: string } | undefined;
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      nodeName: this.nodeName,
      entityType: this.entityType,
      entityName: this.entityName,
      details: this.details,
      timestamp: this.timestamp.toISOString(),
      stack: this.stack,
      cause: cause === undefined ? undefined : (cause.toJSON?.() ?? cause.message),
    };
  }

  override toString(): string {
    let text = `${this.name}: ${this.message}`;
    if (this.code) text += ` [${this.code}]`;
    if (this.nodeName) text += ` (node: ${this.nodeName})`;
    if (this.entityName) text += ` (${this.entityType ?? 'entity'}: ${this.entityName})`;
    return text;
  }
}

export class ValidationError extends RclNodeError {
  argumentName: string | undefined;
  providedValue: unknown;
  expectedType: string | undefined;
  validationRule: string | undefined;

  constructor(message: string, options: ErrorOptions = {}) {
    super(message, { code: 'VALIDATION_ERROR', ...options });
    this.argumentName = options.argumentName;
    this.providedValue = options.providedValue;
    this.expectedType = options.expectedType;
    this.validationRule = options.validationRule;
  }
}

export class TypeValidationError extends ValidationError {
  constructor(argumentName: string, providedValue: unknown, expectedType: string, options: ErrorOptions = {}) {
    super(`Invalid type for '${argumentName}': expected ${expectedType}, got ${typeof providedValue}`, {
      code: 'INVALID_TYPE',
      argumentName,
      providedValue,
      expectedType,
      ...options,
    });
  }
}

export class RangeValidationError extends ValidationError {
  constructor(argumentName: string, providedValue: unknown, constraint: string, options: ErrorOptions = {}) {
    super(`Value '${String(providedValue)}' for '${argumentName}' is out of range: ${constraint}`, {
      code: 'OUT_OF_RANGE',
      argumentName,
      providedValue,
      validationRule: constraint,
      ...options,
    });
  }
}

export interface ValidationIssue {
  field: string;
  problem: string;
  expected?: unknown;
  received?: unknown;
}

export class MessageValidationError extends ValidationError {
  readonly messageType: string;
  readonly issues: ValidationIssue[];

  constructor(messageType: string, issues: ValidationIssue[], options: ErrorOptions = {}) {
    const summary = issues.map((issue) => `${issue.field}: ${issue.problem}`).join(', ');
    super(`Invalid message for '${messageType}': ${summary}`, {
      code: 'MESSAGE_VALIDATION_ERROR',
      entityType: 'message',
      entityName: messageType,
      details: { issues },
      ...options,
    });
    this.messageType = messageType;
    this.issues = issues;
  }

  getIssuesByType(problemType: string): ValidationIssue[] {
    return this.issues.filter((issue) => issue.problem === problemType);
  }

  hasFieldIssue(fieldPath: string): boolean {
    return this.issues.some((issue) => issue.field === fieldPath);
  }
}

export class NameValidationError extends ValidationError {
  readonly invalidIndex: number;
  readonly validationResult: string;

  constructor(name: string, nameType: string, validationResult: string, invalidIndex: number, options: ErrorOptions = {}) {
    super(`Invalid ${nameType} name '${name}': ${validationResult}${invalidIndex >= 0 ? ` at index ${invalidIndex}` : ''}`, {
      code: 'INVALID_NAME',
      argumentName: nameType,
      providedValue: name,
      details: { validationResult, invalidIndex },
      ...options,
    });
    this.invalidIndex = invalidIndex;
    this.validationResult = validationResult;
  }
}

export class OperationError extends RclNodeError {
  constructor(message: string, options: ErrorOptions = {}) {
    super(message, { code: 'OPERATION_ERROR', ...options });
  }
}

/** A request that got no answer within its timeout (of sim time). */
export class TimeoutError extends OperationError {
  readonly timeout: number;
  readonly operationType: string;

  constructor(operationType: string, timeoutMs: number, options: ErrorOptions = {}) {
    super(`${operationType} timeout after ${timeoutMs}ms`, { code: 'TIMEOUT', details: { timeoutMs, operationType }, ...options });
    this.timeout = timeoutMs;
    this.operationType = operationType;
  }
}

/** A request canceled through its AbortSignal. */
export class AbortError extends OperationError {
  readonly operationType: string;
  readonly abortReason: unknown;

  constructor(operationType: string, reason?: unknown, options: ErrorOptions = {}) {
    super(`${operationType} was aborted${reason ? `: ${String(reason)}` : ''}`, {
      code: 'ABORTED',
      details: { operationType, reason },
      ...options,
    });
    this.operationType = operationType;
    this.abortReason = reason;
  }
}

export class ServiceNotFoundError extends OperationError {
  readonly serviceName: string;

  constructor(serviceName: string, options: ErrorOptions = {}) {
    super(`Service '${serviceName}' is not available`, {
      code: 'SERVICE_NOT_FOUND',
      entityType: 'service',
      entityName: serviceName,
      ...options,
    });
    this.serviceName = serviceName;
  }
}

export class NodeNotFoundError extends OperationError {
  readonly targetNodeName: string;

  constructor(nodeName: string, options: ErrorOptions = {}) {
    super(`Node '${nodeName}' not found or not available`, {
      code: 'NODE_NOT_FOUND',
      entityType: 'node',
      entityName: nodeName,
      ...options,
    });
    this.targetNodeName = nodeName;
  }
}

export class ParameterError extends RclNodeError {
  readonly parameterName: string;

  constructor(message: string, parameterName: string, options: ErrorOptions = {}) {
    super(message, { code: 'PARAMETER_ERROR', entityType: 'parameter', entityName: parameterName, ...options });
    this.parameterName = parameterName;
  }
}

export class ParameterNotFoundError extends ParameterError {
  constructor(parameterName: string, nodeName: string, options: ErrorOptions = {}) {
    super(`Parameter '${parameterName}' not found on node '${nodeName}'`, parameterName, {
      code: 'PARAMETER_NOT_FOUND',
      nodeName,
      ...options,
    });
  }
}

export class ParameterTypeError extends ParameterError {
  readonly expectedType: unknown;
  readonly actualType: unknown;

  constructor(parameterName: string, expectedType: unknown, actualType: unknown, options: ErrorOptions = {}) {
    super(`Type mismatch for parameter '${parameterName}': expected ${String(expectedType)}, got ${String(actualType)}`, parameterName, {
      code: 'PARAMETER_TYPE_MISMATCH',
      details: { expectedType, actualType },
      ...options,
    });
    this.expectedType = expectedType;
    this.actualType = actualType;
  }
}

export class ReadOnlyParameterError extends ParameterError {
  constructor(parameterName: string, options: ErrorOptions = {}) {
    super(`Cannot modify read-only parameter '${parameterName}'`, parameterName, { code: 'PARAMETER_READ_ONLY', ...options });
  }
}

export class TopicError extends RclNodeError {
  readonly topicName: string;

  constructor(message: string, topicName: string, options: ErrorOptions = {}) {
    super(message, { code: 'TOPIC_ERROR', entityType: 'topic', entityName: topicName, ...options });
    this.topicName = topicName;
  }
}

export class PublisherError extends TopicError {
  constructor(message: string, topicName: string, options: ErrorOptions = {}) {
    super(message, topicName, { code: 'PUBLISHER_ERROR', entityType: 'publisher', ...options });
  }
}

export class SubscriptionError extends TopicError {
  constructor(message: string, topicName: string, options: ErrorOptions = {}) {
    super(message, topicName, { code: 'SUBSCRIPTION_ERROR', entityType: 'subscription', ...options });
  }
}

export class ActionError extends RclNodeError {
  readonly actionName: string;

  constructor(message: string, actionName: string, options: ErrorOptions = {}) {
    super(message, { code: 'ACTION_ERROR', entityType: 'action', entityName: actionName, ...options });
    this.actionName = actionName;
  }
}

export class GoalRejectedError extends ActionError {
  readonly goalId: unknown;

  constructor(actionName: string, goalId: unknown, options: ErrorOptions = {}) {
    super(`Goal rejected by action server '${actionName}'`, actionName, { code: 'GOAL_REJECTED', details: { goalId }, ...options });
    this.goalId = goalId;
  }
}

export class ActionServerNotFoundError extends ActionError {
  constructor(actionName: string, options: ErrorOptions = {}) {
    super(`Action server '${actionName}' is not available`, actionName, { code: 'ACTION_SERVER_NOT_FOUND', ...options });
  }
}

/** rclnodejs wraps failures of its native layer in this; rclsim has none, but programs may test for it. */
export class NativeError extends RclNodeError {
  readonly nativeMessage: string;
  readonly operation: string;

  constructor(nativeMessage: string, operation: string, options: ErrorOptions = {}) {
    super(`Native operation failed: ${operation} - ${nativeMessage}`, {
      code: 'NATIVE_ERROR',
      details: { nativeMessage, operation },
      ...options,
    });
    this.nativeMessage = nativeMessage;
    this.operation = operation;
  }
}
