from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.generate_report import GenerateReport
from ...models.genre import Genre
from ...models.problem import Problem
from ...models.target_level import TargetLevel
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    genre: Genre,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_genre = genre.value
    params["genre"] = json_genre

    params["shape"] = shape

    json_level: str | Unset = UNSET
    if not isinstance(level, Unset):
        json_level = level.value

    params["level"] = json_level

    params["seed"] = seed

    params["budget"] = budget

    params["score_min"] = score_min

    params["score_max"] = score_max

    params["solution"] = solution

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/generate",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GenerateReport | Problem | None:
    if response.status_code == 200:
        response_200 = GenerateReport.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())

        return response_405

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | GenerateReport | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    genre: Genre,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Response[Any | GenerateReport | Problem]:
    """Generate a puzzle (parameters in the query string); see `POST /generate`.

     The same puzzle `POST /generate` makes for the same parameters, with the same cache
    headers: a seeded answer carries a weak `ETag` and is cacheable for a year (a matching
    `If-None-Match` gets 304), one with a drawn seed is `no-store`. **The answer includes the
    solution** unless `solution=false`.

    Args:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seed (int | Unset): A seed, 0 to 2^63-1: with the genre, shape, level and generator
            version it makes a puzzle.
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GenerateReport | Problem]
    """

    kwargs = _get_kwargs(
        genre=genre,
        shape=shape,
        level=level,
        seed=seed,
        budget=budget,
        score_min=score_min,
        score_max=score_max,
        solution=solution,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    genre: Genre,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Any | GenerateReport | Problem | None:
    """Generate a puzzle (parameters in the query string); see `POST /generate`.

     The same puzzle `POST /generate` makes for the same parameters, with the same cache
    headers: a seeded answer carries a weak `ETag` and is cacheable for a year (a matching
    `If-None-Match` gets 304), one with a drawn seed is `no-store`. **The answer includes the
    solution** unless `solution=false`.

    Args:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seed (int | Unset): A seed, 0 to 2^63-1: with the genre, shape, level and generator
            version it makes a puzzle.
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GenerateReport | Problem
    """

    return sync_detailed(
        client=client,
        genre=genre,
        shape=shape,
        level=level,
        seed=seed,
        budget=budget,
        score_min=score_min,
        score_max=score_max,
        solution=solution,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    genre: Genre,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Response[Any | GenerateReport | Problem]:
    """Generate a puzzle (parameters in the query string); see `POST /generate`.

     The same puzzle `POST /generate` makes for the same parameters, with the same cache
    headers: a seeded answer carries a weak `ETag` and is cacheable for a year (a matching
    `If-None-Match` gets 304), one with a drawn seed is `no-store`. **The answer includes the
    solution** unless `solution=false`.

    Args:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seed (int | Unset): A seed, 0 to 2^63-1: with the genre, shape, level and generator
            version it makes a puzzle.
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GenerateReport | Problem]
    """

    kwargs = _get_kwargs(
        genre=genre,
        shape=shape,
        level=level,
        seed=seed,
        budget=budget,
        score_min=score_min,
        score_max=score_max,
        solution=solution,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    genre: Genre,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Any | GenerateReport | Problem | None:
    """Generate a puzzle (parameters in the query string); see `POST /generate`.

     The same puzzle `POST /generate` makes for the same parameters, with the same cache
    headers: a seeded answer carries a weak `ETag` and is cacheable for a year (a matching
    `If-None-Match` gets 304), one with a drawn seed is `no-store`. **The answer includes the
    solution** unless `solution=false`.

    Args:
        genre (Genre): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seed (int | Unset): A seed, 0 to 2^63-1: with the genre, shape, level and generator
            version it makes a puzzle.
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GenerateReport | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            genre=genre,
            shape=shape,
            level=level,
            seed=seed,
            budget=budget,
            score_min=score_min,
            score_max=score_max,
            solution=solution,
        )
    ).parsed
