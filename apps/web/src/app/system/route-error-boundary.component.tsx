import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/error-reporting.ts';
import { RouteErrorView } from './route-error.view.tsx';

interface Props {
  /** Changes on navigation: a new location clears the error. */
  resetKey: string;
  /** What shows instead of the screen; the route-error screen by status by default. */
  fallback?: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedKey: string | null;
}

/** Catches what a screen throws while rendering and shows the matching route-error screen. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.failedKey === null) return { failedKey: props.resetKey };
    return state.failedKey === props.resetKey ? null : { error: null, failedKey: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return this.props.fallback ? this.props.fallback(error) : <RouteErrorView error={error} />;
  }
}
