import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from '../pages/RouteErrorPage';

interface Props {
  /** Changing it (the location) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

/** A screen that throws while rendering shows an explanation, never a blank page. */
export class PageErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown): void {
    this.setState({ failedAt: this.props.resetKey });
    console.error(error);
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.failedAt !== null && prev.resetKey !== this.props.resetKey)
      this.setState({ failedAt: null });
  }

  override render() {
    return this.state.failedAt !== null ? <RouteErrorPage /> : this.props.children;
  }
}
