import {
  EMAIL_VERIFICATION_TTL_MINUTES,
  PASSWORD_CONFIRMATION_TTL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  SIGNUP_BONUS_CREDITS,
  VERIFICATION_RESEND_SECONDS,
  messages,
  type ProfileInput,
  type RegisterInput,
} from '@roomcraft/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import type { Authenticated } from '../../http/authenticate';
import type { UserRow } from '../../db/schema';
import {
  HttpError,
  passwordConfirmationRequired,
  throttled,
  validationFailed,
} from '../../http/errors';
import { addMinutes, iso, type Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { RateLimiter } from '../../platform/rate-limiter';
import { hmac, randomToken, safeEqual, sha256 } from '../../platform/tokens';
import { changeCredits } from '../credits/credits.service';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  updateUser,
} from '../users/users.repository';
import { hasSignupBonus } from '../credits/credit-ledger.repository';
import {
  consumeResetToken,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  findResetToken,
  insertSession,
  markPasswordConfirmed,
  saveResetToken,
  touchSession,
} from './auth.repository';
import { PasswordAttempts } from './password-attempts';
import { emailChangedMail, passwordResetMail, verificationMail } from './auth.mails';

export interface AuthDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Runs after the password check, before the account row goes. */
  beforeAccountDeletion?: (userId: number) => Promise<void>;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** A session's expiry is pushed forward at most this often, to keep reads free of writes. */
const TOUCH_INTERVAL_MS = 60 * 60_000;

/** Passwords: @node-rs/argon2's defaults are argon2id with m = 19 MiB, t = 2, p = 1 (OWASP's). */
export class AuthService {
  /** Verified against when the email is unknown, so both paths cost the same time. */
  private decoyHash: Promise<string> | undefined;
  private readonly passwordAttempts: PasswordAttempts;
  /** Mail work started after an answer was given; awaited when the app closes. */
  private readonly afterAnswer = new Set<Promise<void>>();

  constructor(private readonly deps: AuthDeps) {
    this.passwordAttempts = new PasswordAttempts(deps.limiter);
  }

  private get now() {
    return this.deps.clock.now();
  }

  async resolveSession(sessionToken: string): Promise<Authenticated | undefined> {
    const { db } = this.deps;
    const now = this.now;
    const found = await findLiveSession(db, sha256(sessionToken), iso(now));
    if (!found) return undefined;
    if (now.getTime() - Date.parse(found.session.last_seen_at) > TOUCH_INTERVAL_MS) {
      const expiresAt = iso(this.sessionExpiry(now));
      await touchSession(db, found.session.id, iso(now), expiresAt);
      found.session = { ...found.session, last_seen_at: iso(now), expires_at: expiresAt };
    }
    return found;
  }

  /** Counted per address before any work, so sign-ups cannot be scripted from one network. */
  async register(input: Required<RegisterInput>, client: ClientInfo, previousToken: string | null) {
    const { db, config, limiter } = this.deps;
    const signUps = await limiter.hit(`register-ip:${client.ip}`, 60 * 60_000);
    if (signUps.count > config.registrationsPerIpPerHour) {
      throw throttled(messages.registrationThrottled, signUps.retryAfterMs);
    }
    const now = this.now;
    const passwordHash = await hash(input.password);
    const user = await db
      .transaction()
      .execute(async (trx) => {
        if (await findUserByEmail(trx, input.email))
          throw validationFailed({ email: [messages.emailTaken] });
        return insertUser(trx, {
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          password_hash: passwordHash,
          avatar: null,
          email_verified_at: null,
          created_at: iso(now),
          updated_at: iso(now),
        });
      })
      .catch((error: unknown) => {
        // Two registrations racing for one address: the unique index decides, the loser gets 422.
        if (error instanceof HttpError || !isUniqueViolation(error)) throw error;
        throw validationFailed({ email: [messages.emailTaken] });
      });
    await this.sendVerificationMail(user);
    const sessionToken = await this.startSession(user.id, client, previousToken);
    return { user, sessionToken };
  }

  async login(email: string, password: string, client: ClientInfo, previousToken: string | null) {
    const { db } = this.deps;
    const succeeded = await this.passwordAttempts.admit(email, client.ip);
    const user = await findUserByEmail(db, email);
    const valid = user
      ? await verify(user.password_hash, password)
      : await verify(await this.decoy(), password).then(() => false);
    if (!user || !valid) throw validationFailed({ email: [messages.invalidCredentials] });
    await succeeded();
    const sessionToken = await this.startSession(user.id, client, previousToken);
    return { user, sessionToken };
  }

  async logout(sessionToken: string) {
    await deleteSession(this.deps.db, sha256(sessionToken));
  }

  /**
   * Always answers the same way and in the same time, whether or not the address has an
   * account: the lookup, the token and the mail all happen after the answer.
   */
  async forgotPassword(email: string) {
    const { limiter } = this.deps;
    // One mail a minute per address: the form cannot be used to flood someone's inbox.
    if ((await limiter.hit(`forgot:${email}`, 60_000)).count > 1) return;
    this.runAfterAnswer('password reset mail', () => this.sendResetLink(email));
  }

  private async sendResetLink(email: string) {
    const { db, config } = this.deps;
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = randomToken();
    await saveResetToken(db, user.email, sha256(token), iso(this.now));
    const url = `${config.appUrl}/recover-password?${new URLSearchParams({ email: user.email, token }).toString()}`;
    await this.deps.mailer.send(passwordResetMail(user.email, url));
  }

  /**
   * Runs mail work once the answer is on its way, so no answer waits on (or its timing tells of)
   * a mail server; a failure is logged, and the user can ask again.
   */
  private runAfterAnswer(what: string, work: () => Promise<void>) {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.deps.log.error({ err: error }, `${what} failed`))
      .finally(() => this.afterAnswer.delete(task));
    this.afterAnswer.add(task);
  }

  /** Waits a little for the mail work still under way (the app calls this as it closes). */
  async settle(limitMs = 5000) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.afterAnswer]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs))),
    ]);
    clearTimeout(timer);
  }

  async resetPassword(email: string, token: string, password: string) {
    const { db } = this.deps;
    const invalid = () => validationFailed({ email: [messages.resetTokenInvalid] });
    const stored = await findResetToken(db, email);
    const tokenHash = sha256(token);
    if (!stored || !safeEqual(stored.token_hash, tokenHash)) throw invalid();
    if (addMinutes(new Date(stored.created_at), PASSWORD_RESET_TTL_MINUTES) <= this.now) {
      await consumeResetToken(db, email, tokenHash);
      throw invalid();
    }
    const passwordHash = await hash(password);
    await db.transaction().execute(async (trx) => {
      if (!(await consumeResetToken(trx, email, tokenHash))) throw invalid();
      const user = await findUserByEmail(trx, email);
      if (!user) throw invalid();
      await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: iso(this.now) });
      // Whoever knew the old password is signed out.
      await deleteUserSessions(trx, user.id);
    });
  }

  /** Guesses here count against the same limits as logins to the account. */
  async confirmPassword(auth: Authenticated, password: string, client: ClientInfo) {
    const succeeded = await this.passwordAttempts.admit(auth.user.email, client.ip);
    if (!(await verify(auth.user.password_hash, password))) {
      throw validationFailed({ password: [messages.wrongPassword] });
    }
    await succeeded();
    await markPasswordConfirmed(this.deps.db, auth.session.id, iso(this.now));
  }

  passwordRecentlyConfirmed(auth: Authenticated) {
    const at = auth.session.password_confirmed_at;
    return at !== null && addMinutes(new Date(at), PASSWORD_CONFIRMATION_TTL_MINUTES) > this.now;
  }

  private requireRecentConfirmation(auth: Authenticated) {
    if (!this.passwordRecentlyConfirmed(auth)) throw passwordConfirmationRequired();
  }

  /** Answers the seconds to wait before the next resend is allowed. */
  async resendVerification(auth: Authenticated) {
    if (auth.user.email_verified_at) return 0;
    const state = await this.deps.limiter.peek(verificationKey(auth.user.id));
    if (state.count > 0) throw throttled(messages.verificationThrottled, state.retryAfterMs);
    await this.sendVerificationMail(auth.user);
    return VERIFICATION_RESEND_SECONDS;
  }

  /**
   * Checks a signed verification link; answers whether it verified the address. The first
   * verification of an account earns the signup bonus (decision 010): a registration alone
   * earns nothing, so scripted sign-ups with made-up addresses cannot farm credits.
   */
  async verifyEmail(id: number, emailHash: string, expires: string, signature: string) {
    const { db, config } = this.deps;
    const expected = hmac(config.sessionSecret, verificationPayload(id, emailHash, expires));
    if (!safeEqual(signature, expected)) return false;
    if (Number(expires) * 1000 <= this.now.getTime()) return false;
    const user = await findUserById(db, id);
    if (!user || !safeEqual(sha256(user.email), emailHash)) return false;
    if (user.email_verified_at) return true;
    const now = this.now;
    await db.transaction().execute(async (trx) => {
      // Only the request that flips the flag goes on; it holds the user's row until it commits.
      if (!(await markEmailVerified(trx, user.id, user.email, iso(now)))) return;
      if (await hasSignupBonus(trx, user.id)) return;
      await changeCredits(trx, {
        userId: user.id,
        delta: SIGNUP_BONUS_CREDITS,
        reason: 'signup_bonus',
        // One per account: the ledger's unique (user, reason, reference) is the last guard.
        reference: `email-verification:${user.id}`,
        at: now,
      });
    });
    return true;
  }

  /** A new address needs the password confirmed first, like a new password (423 until then). */
  async updateProfile(auth: Authenticated, input: Required<ProfileInput>) {
    const { db, config } = this.deps;
    const emailChanged = input.email !== auth.user.email;
    if (emailChanged) this.requireRecentConfirmation(auth);
    const user = await db
      .transaction()
      .execute(async (trx) => {
        if (emailChanged && (await findUserByEmail(trx, input.email))) {
          throw validationFailed({ email: [messages.emailTaken] });
        }
        return updateUser(trx, auth.user.id, {
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          ...(emailChanged ? { email_verified_at: null } : {}),
          updated_at: iso(this.now),
        });
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError || !isUniqueViolation(error)) throw error;
        throw validationFailed({ email: [messages.emailTaken] });
      });
    if (emailChanged) {
      await this.deps.limiter.reset(verificationKey(user.id));
      await this.sendVerificationMail(user);
      const notice = emailChangedMail(
        auth.user.email,
        user.email,
        `${config.appUrl}/recover-password`,
      );
      this.runAfterAnswer('email change notice', () => this.deps.mailer.send(notice));
    }
    return user;
  }

  async changePassword(auth: Authenticated, password: string) {
    this.requireRecentConfirmation(auth);
    const passwordHash = await hash(password);
    await this.deps.db.transaction().execute(async (trx) => {
      await updateUser(trx, auth.user.id, {
        password_hash: passwordHash,
        updated_at: iso(this.now),
      });
      await deleteUserSessions(trx, auth.user.id, auth.session.id);
    });
  }

  async deleteAccount(auth: Authenticated) {
    this.requireRecentConfirmation(auth);
    await this.deps.beforeAccountDeletion?.(auth.user.id);
    // Sessions, designs, images and ledger rows go with the user (ON DELETE CASCADE).
    await deleteUser(this.deps.db, auth.user.id);
  }

  private sessionExpiry(from: Date) {
    return addMinutes(from, this.deps.config.sessionTtlDays * 24 * 60);
  }

  /** A new token for every login: a session id known before login is worthless after it. */
  private async startSession(userId: number, client: ClientInfo, previousToken: string | null) {
    const { db } = this.deps;
    const token = randomToken();
    const now = this.now;
    await db.transaction().execute(async (trx) => {
      if (previousToken) await deleteSession(trx, sha256(previousToken));
      await insertSession(trx, {
        id: sha256(token),
        user_id: userId,
        password_confirmed_at: null,
        created_at: iso(now),
        last_seen_at: iso(now),
        expires_at: iso(this.sessionExpiry(now)),
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 400) ?? null,
      });
    });
    return token;
  }

  /** Counts the send for the resend limit now; the mail itself goes after the answer. */
  private async sendVerificationMail(user: UserRow) {
    const { config, limiter } = this.deps;
    await limiter.hit(verificationKey(user.id), VERIFICATION_RESEND_SECONDS * 1000);
    const expires = String(
      Math.floor(addMinutes(this.now, EMAIL_VERIFICATION_TTL_MINUTES).getTime() / 1000),
    );
    const emailHash = sha256(user.email);
    const signature = hmac(config.sessionSecret, verificationPayload(user.id, emailHash, expires));
    const url = `${config.appUrl}/api/auth/verify-email/${user.id}/${emailHash}?${new URLSearchParams({ expires, signature }).toString()}`;
    const mail = verificationMail(user.email, user.first_name, url);
    // A mail server hiccup must not undo a registration; the user can resend.
    this.runAfterAnswer('verification mail', () => this.deps.mailer.send(mail));
  }

  private decoy() {
    this.decoyHash ??= hash(randomToken());
    return this.decoyHash;
  }
}

const verificationKey = (userId: number) => `verify:${userId}`;
const verificationPayload = (id: number, emailHash: string, expires: string) =>
  `verify-email:${id}:${emailHash}:${expires}`;

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
