import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  fallback: ReactNode;
  /** A change (the route) clears a shown error, so the next screen gets its chance. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/** A screen that throws while rendering or loading its chunk shows `fallback`, never a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen failed:', error, info.componentStack);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : this.props.fallback;
  }
}
