import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  LIMITS,
  MESSAGES,
  checkAccount,
  checkBlogAddress,
  checkPassword,
  checkUsername,
  classifyAccount,
  isEmail,
  isPhone,
  normalizeBlogAddress,
  normalizeSearchQuery,
} from "./validation.ts";

const usernameChar = fc.constantFrom(..."abcXYZ019_掘金开发者前端".split(""));

describe("username (spec §5)", () => {
  it("accepts 1–20 Chinese, letters, digits or underscores", () => {
    fc.assert(
      fc.property(fc.array(usernameChar, { minLength: 1, maxLength: 20 }), (chars) => {
        expect(checkUsername(chars.join(""))).toBeNull();
      }),
    );
  });
  it("rejects anything longer than 20 characters", () => {
    fc.assert(
      fc.property(fc.array(usernameChar, { minLength: 21, maxLength: 60 }), (chars) => {
        expect(checkUsername(chars.join(""))).toBe(MESSAGES.usernameTooLong);
      }),
    );
  });
  it("rejects any other character", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 5 }).filter((s) => /[^\u4e00-\u9fa5A-Za-z0-9_\s]/.test(s)),
        (s) => {
          expect(checkUsername(`a${s}`)).not.toBeNull();
        },
      ),
    );
  });
  it("says empty for blank input", () => {
    expect(checkUsername("")).toBe(MESSAGES.usernameEmpty);
    expect(checkUsername("   ")).toBe(MESSAGES.usernameEmpty);
  });
});

describe("password (spec §5)", () => {
  it("accepts exactly 6 to 128 characters", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 200 }), (s) => {
        const ok = s.length >= LIMITS.passwordMin && s.length <= LIMITS.passwordMax;
        expect(checkPassword(s) === null).toBe(ok);
      }),
    );
  });
});

describe("account classification", () => {
  it("classifies every mainland mobile number as a phone", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (phone) => {
        expect(classifyAccount(phone)).toBe("phone");
        expect(checkAccount(` ${phone} `)).toBeNull();
      }),
    );
  });
  it("classifies e-mail addresses as e-mail, and never both", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(classifyAccount(email)).toBe("email");
        expect(isPhone(email)).toBe(false);
      }),
    );
    expect(isEmail("dev@juejin.cn")).toBe(true);
  });
  it("rejects empty and neither-format accounts with their messages", () => {
    expect(checkAccount("")).toBe(MESSAGES.accountEmpty);
    expect(checkAccount("12345")).toBe(MESSAGES.accountInvalid);
    expect(checkAccount("23800000000")).toBe(MESSAGES.accountInvalid);
    expect(checkAccount("a@b")).toBe(MESSAGES.accountInvalid);
  });
});

describe("personal homepage", () => {
  it("is optional, assumes http and refuses non-URLs", () => {
    expect(checkBlogAddress("")).toBeNull();
    expect(checkBlogAddress("juejin.cn/user/1")).toBeNull();
    expect(normalizeBlogAddress("juejin.cn")).toBe("http://juejin.cn");
    expect(normalizeBlogAddress("https://juejin.cn")).toBe("https://juejin.cn");
    expect(checkBlogAddress("not a url")).toBe(MESSAGES.urlInvalid);
    expect(checkBlogAddress("javascript:alert(1)")).toBe(MESSAGES.urlInvalid);
  });
});

describe("search query", () => {
  it("is trimmed and never longer than 32 characters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (s) => {
        const q = normalizeSearchQuery(s);
        expect([...q].length).toBeLessThanOrEqual(LIMITS.searchMax);
        expect(q).toBe(q.trim() === q ? q : q.trim());
      }),
    );
  });
});
