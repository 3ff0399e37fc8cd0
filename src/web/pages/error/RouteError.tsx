import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../lib/http';
import { SafeErrorView } from './ErrorView';

/** Route error boundary: maps thrown responses and API errors onto the error page. */
export function RouteError() {
  const err = useRouteError();
  let statusCode = 500;
  let message: string | undefined;
  if (isRouteErrorResponse(err)) {
    statusCode = err.status;
  } else if (err instanceof ApiError) {
    statusCode = err.status || 500;
    message = err.message;
  }
  return <SafeErrorView statusCode={statusCode} message={message} />;
}

export function NotFoundPage() {
  return <SafeErrorView statusCode={404} />;
}
