/**
 * A failed auth request is never silent (app/components/auth/auth-client.ts): what the person
 * typed gets the spec's 'Credenciales incorrectas', the rate limit its own words, and anything
 * else (a 403 'Invalid origin', a 5xx, a network failure, a proxy's HTML page) 'Error del servidor'.
 */
import { describe, expect, it } from "vitest";
import { signInFailure } from "~/components/auth/auth-client";
import { FIRST_PASSWORD_CODE, messages } from "~/domain/messages";

describe("the alert for a failed log-in", () => {
  it.each([
    [401, "INVALID_EMAIL_OR_PASSWORD"],
    [400, "INVALID_EMAIL"],
    [400, "VALIDATION_ERROR"],
  ])("%i %s: the spec's wrong credentials", (status, code) => {
    expect(signInFailure({ status, code, json: true })).toEqual(messages.loginFailed);
  });

  it.each([
    [403, "INVALID_ORIGIN", true],
    [403, "", false],
    [404, "", false],
    [500, "", true],
    [502, "", false],
    [503, "", false],
    [0, "NETWORK", false],
    // a proxy's HTML 400 page is not about the password
    [400, "", false],
  ])("%i %s: the server's error", (status, code, json) => {
    expect(signInFailure({ status, code, json })).toEqual(messages.serverError);
  });

  it("429 speaks of the limit; an imported account without a password gets its mail", () => {
    expect(signInFailure({ status: 429, code: "", json: false })).toEqual(messages.tooManyRequests);
    expect(signInFailure({ status: 403, code: FIRST_PASSWORD_CODE, json: true })).toEqual(messages.firstPasswordSent);
  });
});
