#!/usr/bin/env python3
"""An independent calculation of the worked cases in packages/contract/src/pricing/*.test.ts.

It shares no code with the engine: Python's own calendar (datetime), exact decimals, its own level
payment search and its own APR solver. Run `python3 docs/pricing/independent-check.py`; the figures it
prints are the expected values the engine's tests assert. The model is the one docs/decisions/003 states:
- interest accrues daily at the daily rate on the principal still owed, and each period's interest is
  rounded DOWN to the penny (never above the CONC 5A cap);
- level instalments: the exact level payment rounded half-up, the last instalment pays what is left;
- interest a payment cannot cover waits for the next payment without earning interest;
- APR per CONC App 1.2: sum of drawdowns = sum of repayments / (1 + i)^t, t in years where a day of a leap
  year counts 1/366 and any other day 1/365; to one decimal place, a following 5 rounding up.
"""
from datetime import date
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, getcontext

getcontext().prec = 50


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def years(start, end):
    total, day = Decimal(0), start
    while day < end:
        stop = min(date(day.year + 1, 1, 1), end)
        total += Decimal((stop - day).days) / (366 if is_leap(day.year) else 365)
        day = stop
    return total


def apr(drawn_on, amount, repayments):
    """APR in percent to one decimal, by bisection on 1 + i over exact decimals."""
    flows = [(years(drawn_on, d), Decimal(a)) for d, a in repayments]

    def npv(x):
        return sum(a * x ** (-t) for t, a in flows) - Decimal(amount)

    low, high = Decimal("1.000001"), Decimal(1_000_000)
    for _ in range(300):
        mid = (low + high) / 2
        low, high = (mid, high) if npv(mid) > 0 else (low, mid)
    return ((low + high) / 2 - 1).scaleb(3).quantize(Decimal(1), rounding=ROUND_HALF_UP) / 10


def run(principal, rate, days, payment, rounded):
    owed, unpaid, lines = Decimal(principal), Decimal(0), []
    for k, d in enumerate(days):
        accrued = owed * rate * d
        interest = accrued.to_integral_value(ROUND_FLOOR) if rounded else accrued
        due = unpaid + interest
        paid = owed + due if k == len(days) - 1 else payment
        settles = min(paid, due)
        unpaid, owed = due - settles, owed - (paid - settles)
        lines.append((paid, interest))
    return lines


def price(principal, rate, drawn_on, dates):
    rate = Decimal(rate)
    points = [drawn_on] + dates
    days = [(points[k + 1] - points[k]).days for k in range(len(dates))]
    low, high = Decimal(0), principal * (1 + rate * sum(days))
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if run(principal, rate, days, mid, False)[-1][0] > mid else (low, mid)
    level = ((low + high) / 2).to_integral_value(ROUND_HALF_UP)
    lines = run(principal, rate, days, level, True)
    payments = [int(p) for p, _ in lines]
    interest = [int(i) for _, i in lines]
    return payments, interest, sum(interest), apr(drawn_on, principal, list(zip(dates, payments)))


D = date.fromisoformat
LOANS = [
    ("£300, 30/60/90 days from 23 Nov 2026", 30000, "0.008", "2026-11-23", ["2026-12-23", "2027-01-22", "2027-02-21"]),
    ("the same at 0.6%", 30000, "0.006", "2026-11-23", ["2026-12-23", "2027-01-22", "2027-02-21"]),
    ("£3 for 27 days", 300, "0.008", "2028-07-06", ["2028-08-02"]),
    ("£301, 6 x last Monday from 20 Jul 2032", 30100, "0.008", "2032-07-20",
     ["2032-07-27", "2032-08-27", "2032-09-27", "2032-10-25", "2032-11-29", "2032-12-24"]),
    ("£500, 4 monthly into 2028", 50000, "0.008", "2027-12-06", ["2028-01-06", "2028-02-07", "2028-03-06", "2028-04-06"]),
    ("representative loan at 0.8%", 30000, "0.008", "2027-01-04", ["2027-01-18", "2027-02-18", "2027-03-18"]),
    ("representative loan at 0.6%", 30000, "0.006", "2027-01-04", ["2027-01-18", "2027-02-18", "2027-03-18"]),
]
SINGLE_REPAYMENTS = [
    ("£200 -> £248, 10 Feb 2028 to 11 Mar 2028 (30/366)", "2028-02-10", "2028-03-11"),
    ("£200 -> £248, 10 Feb 2027 to 12 Mar 2027 (30/365)", "2027-02-10", "2027-03-12"),
    ("£200 -> £248, 15 Dec 2031 to 14 Jan 2032 (17/365 + 13/366)", "2031-12-15", "2032-01-14"),
]

if __name__ == "__main__":
    for name, principal, rate, drawn_on, dates in LOANS:
        payments, interest, total, rate_apr = price(principal, rate, D(drawn_on), [D(d) for d in dates])
        print(f"{name}: payments {payments}, interest {interest}, total interest {total}, APR {rate_apr}%")
    for name, drawn_on, repaid_on in SINGLE_REPAYMENTS:
        print(f"{name}: APR {apr(D(drawn_on), 20000, [(D(repaid_on), 24800)])}%")
