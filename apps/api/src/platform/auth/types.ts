/** Who is calling, as established by verifying the Bearer token on the secure prefix. */
export interface AuthenticatedUser {
  userId: string;
  partnerId: string;
  email: string;
  /** partners_profile.role; null for a developer account with no role. */
  role: string | null;
}

/** Verifies an access token (signature against the provider's JWKS, alg allow-list, iss, aud, exp, typ). */
export interface TokenVerifier {
  /** Resolves the caller, or throws UnauthorizedError. */
  verify(token: string): Promise<AuthenticatedUser>;
  /** Drops what this instance remembers about the user's tokens (after a disable or revocation). */
  forgetUser(userId: string): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every request under the secure prefix. */
    user?: AuthenticatedUser;
  }
}
