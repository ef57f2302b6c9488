from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.batch_failure import BatchFailure
from ...models.batch_parameters import BatchParameters
from ...models.generate_report import GenerateReport
from ...models.genre import Genre
from ...models.problem import Problem
from ...models.target_level import TargetLevel
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BatchParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    json_genre: str | Unset = UNSET
    if not isinstance(genre, Unset):
        json_genre = genre.value

    params["genre"] = json_genre

    params["shape"] = shape

    json_level: str | Unset = UNSET
    if not isinstance(level, Unset):
        json_level = level.value

    params["level"] = json_level

    json_seeds: list[int] | Unset = UNSET
    if not isinstance(seeds, Unset):
        json_seeds = seeds

    params["seeds"] = json_seeds

    params["count"] = count

    params["seed"] = seed

    params["budget"] = budget

    params["score_min"] = score_min

    params["score_max"] = score_max

    params["solution"] = solution

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/generate/batch",
        "params": params,
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[BatchFailure | GenerateReport] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:

            def _parse_response_200_item(data: object) -> BatchFailure | GenerateReport:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_batch_line_type_0 = GenerateReport.from_dict(data)

                    return componentsschemas_batch_line_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_batch_line_type_1 = BatchFailure.from_dict(data)

                return componentsschemas_batch_line_type_1

            response_200_item = _parse_response_200_item(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

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
) -> Response[Problem | list[BatchFailure | GenerateReport]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BatchParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Response[Problem | list[BatchFailure | GenerateReport]]:
    """Generate a batch: one puzzle per seed, streamed in seed order.

     The parameters of `/generate` (query string or JSON body, the body's fields win) with
    either `seeds` (1 to 100 of them) or `count` (1 to 100) and an optional first `seed` (then
    the seeds are `seed`, `seed`+1, ...; drawn when absent). The answer is one JSON array, one
    element per seed, in order, each written as soon as its puzzle is made: the object
    `/generate` answers, or for a seed whose generation failed its problem details with its
    `seed` (the elements after it go on). A client that asks for `application/x-ndjson` gets
    the same elements as NDJSON, one a line. A batch is one request of its client for its
    whole life: it holds one of the client's slots until its last element is sent (a client
    over its slots gets 429 with `Retry-After`), and each puzzle runs under the client's
    budget (an API key's allowance). Each puzzle is one job on the worker pool, started only
    when a worker is free behind the requests already waiting. The whole batch has one
    deadline: the request deadline plus a tenth of it per puzzle (30 s + 3 s a puzzle by
    default), each puzzle at most the request deadline; a seed not started by then, or after
    the server began shutting down, gets its problem (504 `deadline-exceeded`, 503
    `shutting-down`) as its element, so the answer always ends complete. A seed listed twice is
    made once and its element written at each place. A client that disconnects stops the work.
    **Each puzzle includes its solution** unless `solution=false`.

    Args:
        genre (Genre | Unset): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seeds (list[int] | Unset): The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per
            seed, in this order. In the query string, repeated (`seeds=1&seeds=2`: `style: form`,
            `explode: true`), comma-separated (`seeds=1,2`) or repeated with brackets
            (`seeds[]=1&seeds[]=2`). Not with `count`.
        count (int | Unset): How many puzzles a batch makes.
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
        body (BatchParameters | Unset): A batch of puzzles: the parameters of `/generate` and
            either `seeds` or `count` (with an
            optional first `seed`). Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[BatchFailure | GenerateReport]]
    """

    kwargs = _get_kwargs(
        body=body,
        genre=genre,
        shape=shape,
        level=level,
        seeds=seeds,
        count=count,
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
    body: BatchParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Problem | list[BatchFailure | GenerateReport] | None:
    """Generate a batch: one puzzle per seed, streamed in seed order.

     The parameters of `/generate` (query string or JSON body, the body's fields win) with
    either `seeds` (1 to 100 of them) or `count` (1 to 100) and an optional first `seed` (then
    the seeds are `seed`, `seed`+1, ...; drawn when absent). The answer is one JSON array, one
    element per seed, in order, each written as soon as its puzzle is made: the object
    `/generate` answers, or for a seed whose generation failed its problem details with its
    `seed` (the elements after it go on). A client that asks for `application/x-ndjson` gets
    the same elements as NDJSON, one a line. A batch is one request of its client for its
    whole life: it holds one of the client's slots until its last element is sent (a client
    over its slots gets 429 with `Retry-After`), and each puzzle runs under the client's
    budget (an API key's allowance). Each puzzle is one job on the worker pool, started only
    when a worker is free behind the requests already waiting. The whole batch has one
    deadline: the request deadline plus a tenth of it per puzzle (30 s + 3 s a puzzle by
    default), each puzzle at most the request deadline; a seed not started by then, or after
    the server began shutting down, gets its problem (504 `deadline-exceeded`, 503
    `shutting-down`) as its element, so the answer always ends complete. A seed listed twice is
    made once and its element written at each place. A client that disconnects stops the work.
    **Each puzzle includes its solution** unless `solution=false`.

    Args:
        genre (Genre | Unset): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seeds (list[int] | Unset): The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per
            seed, in this order. In the query string, repeated (`seeds=1&seeds=2`: `style: form`,
            `explode: true`), comma-separated (`seeds=1,2`) or repeated with brackets
            (`seeds[]=1&seeds[]=2`). Not with `count`.
        count (int | Unset): How many puzzles a batch makes.
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
        body (BatchParameters | Unset): A batch of puzzles: the parameters of `/generate` and
            either `seeds` or `count` (with an
            optional first `seed`). Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[BatchFailure | GenerateReport]
    """

    return sync_detailed(
        client=client,
        body=body,
        genre=genre,
        shape=shape,
        level=level,
        seeds=seeds,
        count=count,
        seed=seed,
        budget=budget,
        score_min=score_min,
        score_max=score_max,
        solution=solution,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BatchParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Response[Problem | list[BatchFailure | GenerateReport]]:
    """Generate a batch: one puzzle per seed, streamed in seed order.

     The parameters of `/generate` (query string or JSON body, the body's fields win) with
    either `seeds` (1 to 100 of them) or `count` (1 to 100) and an optional first `seed` (then
    the seeds are `seed`, `seed`+1, ...; drawn when absent). The answer is one JSON array, one
    element per seed, in order, each written as soon as its puzzle is made: the object
    `/generate` answers, or for a seed whose generation failed its problem details with its
    `seed` (the elements after it go on). A client that asks for `application/x-ndjson` gets
    the same elements as NDJSON, one a line. A batch is one request of its client for its
    whole life: it holds one of the client's slots until its last element is sent (a client
    over its slots gets 429 with `Retry-After`), and each puzzle runs under the client's
    budget (an API key's allowance). Each puzzle is one job on the worker pool, started only
    when a worker is free behind the requests already waiting. The whole batch has one
    deadline: the request deadline plus a tenth of it per puzzle (30 s + 3 s a puzzle by
    default), each puzzle at most the request deadline; a seed not started by then, or after
    the server began shutting down, gets its problem (504 `deadline-exceeded`, 503
    `shutting-down`) as its element, so the answer always ends complete. A seed listed twice is
    made once and its element written at each place. A client that disconnects stops the work.
    **Each puzzle includes its solution** unless `solution=false`.

    Args:
        genre (Genre | Unset): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seeds (list[int] | Unset): The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per
            seed, in this order. In the query string, repeated (`seeds=1&seeds=2`: `style: form`,
            `explode: true`), comma-separated (`seeds=1,2`) or repeated with brackets
            (`seeds[]=1&seeds[]=2`). Not with `count`.
        count (int | Unset): How many puzzles a batch makes.
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
        body (BatchParameters | Unset): A batch of puzzles: the parameters of `/generate` and
            either `seeds` or `count` (with an
            optional first `seed`). Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[BatchFailure | GenerateReport]]
    """

    kwargs = _get_kwargs(
        body=body,
        genre=genre,
        shape=shape,
        level=level,
        seeds=seeds,
        count=count,
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
    body: BatchParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
    solution: bool | Unset = UNSET,
) -> Problem | list[BatchFailure | GenerateReport] | None:
    """Generate a batch: one puzzle per seed, streamed in seed order.

     The parameters of `/generate` (query string or JSON body, the body's fields win) with
    either `seeds` (1 to 100 of them) or `count` (1 to 100) and an optional first `seed` (then
    the seeds are `seed`, `seed`+1, ...; drawn when absent). The answer is one JSON array, one
    element per seed, in order, each written as soon as its puzzle is made: the object
    `/generate` answers, or for a seed whose generation failed its problem details with its
    `seed` (the elements after it go on). A client that asks for `application/x-ndjson` gets
    the same elements as NDJSON, one a line. A batch is one request of its client for its
    whole life: it holds one of the client's slots until its last element is sent (a client
    over its slots gets 429 with `Retry-After`), and each puzzle runs under the client's
    budget (an API key's allowance). Each puzzle is one job on the worker pool, started only
    when a worker is free behind the requests already waiting. The whole batch has one
    deadline: the request deadline plus a tenth of it per puzzle (30 s + 3 s a puzzle by
    default), each puzzle at most the request deadline; a seed not started by then, or after
    the server began shutting down, gets its problem (504 `deadline-exceeded`, 503
    `shutting-down`) as its element, so the answer always ends complete. A seed listed twice is
    made once and its element written at each place. A client that disconnects stops the work.
    **Each puzzle includes its solution** unless `solution=false`.

    Args:
        genre (Genre | Unset): A registered genre (`GET /genres` describes each one).
        shape (str | Unset): A grid's rows and columns, `<rows>x<cols>`.
        level (TargetLevel | Unset): The level a generator is asked for.
        seeds (list[int] | Unset): The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per
            seed, in this order. In the query string, repeated (`seeds=1&seeds=2`: `style: form`,
            `explode: true`), comma-separated (`seeds=1,2`) or repeated with brackets
            (`seeds[]=1&seeds[]=2`). Not with `count`.
        count (int | Unset): How many puzzles a batch makes.
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
        body (BatchParameters | Unset): A batch of puzzles: the parameters of `/generate` and
            either `seeds` or `count` (with an
            optional first `seed`). Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[BatchFailure | GenerateReport]
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            genre=genre,
            shape=shape,
            level=level,
            seeds=seeds,
            count=count,
            seed=seed,
            budget=budget,
            score_min=score_min,
            score_max=score_max,
            solution=solution,
        )
    ).parsed
