from http import HTTPStatus
from io import BytesIO
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.booklet_parameters import BookletParameters
from ...models.format_ import Format
from ...models.genre import Genre
from ...models.paper import Paper
from ...models.problem import Problem
from ...models.target_level import TargetLevel
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    body: BookletParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    puzzles: list[str] | Unset = UNSET,
    format_: Format | Unset = UNSET,
    solutions: bool | Unset = UNSET,
    trim: str | Unset = UNSET,
    per_page: int | Unset = UNSET,
    large_print: bool | Unset = UNSET,
    title: str | Unset = UNSET,
    author: str | Unset = UNSET,
    copyright_: str | Unset = UNSET,
    cover: bool | Unset = UNSET,
    paper: Paper | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
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

    json_puzzles: list[str] | Unset = UNSET
    if not isinstance(puzzles, Unset):
        json_puzzles = puzzles

    params["puzzles"] = json_puzzles

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["solutions"] = solutions

    params["trim"] = trim

    params["per_page"] = per_page

    params["large_print"] = large_print

    params["title"] = title

    params["author"] = author

    params["copyright"] = copyright_

    params["cover"] = cover

    json_paper: str | Unset = UNSET
    if not isinstance(paper, Unset):
        json_paper = paper.value

    params["paper"] = json_paper

    params["budget"] = budget

    params["score_min"] = score_min

    params["score_max"] = score_max

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/booklet",
        "params": params,
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> File | Problem | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BookletParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    puzzles: list[str] | Unset = UNSET,
    format_: Format | Unset = UNSET,
    solutions: bool | Unset = UNSET,
    trim: str | Unset = UNSET,
    per_page: int | Unset = UNSET,
    large_print: bool | Unset = UNSET,
    title: str | Unset = UNSET,
    author: str | Unset = UNSET,
    copyright_: str | Unset = UNSET,
    cover: bool | Unset = UNSET,
    paper: Paper | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
) -> Response[File | Problem]:
    """Print a puzzle book (or a sheet of puzzles, or a book's cover) as a print-ready PDF.

     The puzzles are made as `/generate/batch` makes them (`genre`, `shape`, `level` or a score
    range, and `seeds` or `count` from a first `seed`), or given (`puzzles`: IDs or puzzle
    source objects, of any genres, each with exactly one solution). Query string, or a JSON
    body whose fields win. `format=book` (the default) gives a title page, a copyright page,
    a how-to-play page per genre, the puzzles numbered (each with its level, score and ID),
    the solutions at the back and numbered Notes pages up to 24 pages, with KDP's paperback
    rules kept (margins, the gutter by page count, text at least 7 pt, 16 pt in
    `large_print`, lines at least 0.75 pt, no bleed); `format=sheet` the puzzles alone on as
    few pages as fit. `cover=true` gives the book's cover instead: back, spine and front on one
    page with 0.125 in bleed, the spine's width from the page count (KDP: white paper 0.002252
    in a page, cream 0.0025). At most 100 puzzles. A book is one request of its client for its
    whole life: it holds one of the client's slots until its PDF is made (a client over its
    slots gets 429), each puzzle runs under the client's budget (an API key's allowance), in
    turn behind other requests, and the book has one deadline, the request deadline plus a
    tenth of it per puzzle (30 s + 3 s a puzzle by default). A puzzle that fails (its budget,
    the deadline, a given puzzle without exactly one solution) fails the book with its
    problem, whose detail names the puzzle. A layout that cannot keep the print minimums is a
    422 naming the limit and the largest `per_page` that fits. A client that disconnects
    stops the work.

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
        puzzles (list[str] | Unset): The puzzles to print instead of making them, as IDs (repeated
            or comma-separated), 1 to 100. Not with the generation's fields.
        format_ (Format | Unset): What kind of document: a book (front matter, numbered pages,
            solutions at the back, padded
            to the trim's page count) or a sheet (the puzzles alone, on as few pages as they fit).
        solutions (bool | Unset):
        trim (str | Unset):
        per_page (int | Unset):
        large_print (bool | Unset):
        title (str | Unset):
        author (str | Unset):
        copyright_ (str | Unset):
        cover (bool | Unset):
        paper (Paper | Unset): The paper a book is printed on: its thickness gives the spine's
            width (KDP's formula).
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        body (BookletParameters | Unset): A booklet: its puzzles, made as a batch makes them (the
            parameters of `/generate/batch`:
            genre, shape, level or score range, and `seeds` or `count` from a first `seed`) or given
            (`puzzles`), and the book's layout. Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        genre=genre,
        shape=shape,
        level=level,
        seeds=seeds,
        count=count,
        seed=seed,
        puzzles=puzzles,
        format_=format_,
        solutions=solutions,
        trim=trim,
        per_page=per_page,
        large_print=large_print,
        title=title,
        author=author,
        copyright_=copyright_,
        cover=cover,
        paper=paper,
        budget=budget,
        score_min=score_min,
        score_max=score_max,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: BookletParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    puzzles: list[str] | Unset = UNSET,
    format_: Format | Unset = UNSET,
    solutions: bool | Unset = UNSET,
    trim: str | Unset = UNSET,
    per_page: int | Unset = UNSET,
    large_print: bool | Unset = UNSET,
    title: str | Unset = UNSET,
    author: str | Unset = UNSET,
    copyright_: str | Unset = UNSET,
    cover: bool | Unset = UNSET,
    paper: Paper | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
) -> File | Problem | None:
    """Print a puzzle book (or a sheet of puzzles, or a book's cover) as a print-ready PDF.

     The puzzles are made as `/generate/batch` makes them (`genre`, `shape`, `level` or a score
    range, and `seeds` or `count` from a first `seed`), or given (`puzzles`: IDs or puzzle
    source objects, of any genres, each with exactly one solution). Query string, or a JSON
    body whose fields win. `format=book` (the default) gives a title page, a copyright page,
    a how-to-play page per genre, the puzzles numbered (each with its level, score and ID),
    the solutions at the back and numbered Notes pages up to 24 pages, with KDP's paperback
    rules kept (margins, the gutter by page count, text at least 7 pt, 16 pt in
    `large_print`, lines at least 0.75 pt, no bleed); `format=sheet` the puzzles alone on as
    few pages as fit. `cover=true` gives the book's cover instead: back, spine and front on one
    page with 0.125 in bleed, the spine's width from the page count (KDP: white paper 0.002252
    in a page, cream 0.0025). At most 100 puzzles. A book is one request of its client for its
    whole life: it holds one of the client's slots until its PDF is made (a client over its
    slots gets 429), each puzzle runs under the client's budget (an API key's allowance), in
    turn behind other requests, and the book has one deadline, the request deadline plus a
    tenth of it per puzzle (30 s + 3 s a puzzle by default). A puzzle that fails (its budget,
    the deadline, a given puzzle without exactly one solution) fails the book with its
    problem, whose detail names the puzzle. A layout that cannot keep the print minimums is a
    422 naming the limit and the largest `per_page` that fits. A client that disconnects
    stops the work.

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
        puzzles (list[str] | Unset): The puzzles to print instead of making them, as IDs (repeated
            or comma-separated), 1 to 100. Not with the generation's fields.
        format_ (Format | Unset): What kind of document: a book (front matter, numbered pages,
            solutions at the back, padded
            to the trim's page count) or a sheet (the puzzles alone, on as few pages as they fit).
        solutions (bool | Unset):
        trim (str | Unset):
        per_page (int | Unset):
        large_print (bool | Unset):
        title (str | Unset):
        author (str | Unset):
        copyright_ (str | Unset):
        cover (bool | Unset):
        paper (Paper | Unset): The paper a book is printed on: its thickness gives the spine's
            width (KDP's formula).
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        body (BookletParameters | Unset): A booklet: its puzzles, made as a batch makes them (the
            parameters of `/generate/batch`:
            genre, shape, level or score range, and `seeds` or `count` from a first `seed`) or given
            (`puzzles`), and the book's layout. Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
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
        puzzles=puzzles,
        format_=format_,
        solutions=solutions,
        trim=trim,
        per_page=per_page,
        large_print=large_print,
        title=title,
        author=author,
        copyright_=copyright_,
        cover=cover,
        paper=paper,
        budget=budget,
        score_min=score_min,
        score_max=score_max,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BookletParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    puzzles: list[str] | Unset = UNSET,
    format_: Format | Unset = UNSET,
    solutions: bool | Unset = UNSET,
    trim: str | Unset = UNSET,
    per_page: int | Unset = UNSET,
    large_print: bool | Unset = UNSET,
    title: str | Unset = UNSET,
    author: str | Unset = UNSET,
    copyright_: str | Unset = UNSET,
    cover: bool | Unset = UNSET,
    paper: Paper | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
) -> Response[File | Problem]:
    """Print a puzzle book (or a sheet of puzzles, or a book's cover) as a print-ready PDF.

     The puzzles are made as `/generate/batch` makes them (`genre`, `shape`, `level` or a score
    range, and `seeds` or `count` from a first `seed`), or given (`puzzles`: IDs or puzzle
    source objects, of any genres, each with exactly one solution). Query string, or a JSON
    body whose fields win. `format=book` (the default) gives a title page, a copyright page,
    a how-to-play page per genre, the puzzles numbered (each with its level, score and ID),
    the solutions at the back and numbered Notes pages up to 24 pages, with KDP's paperback
    rules kept (margins, the gutter by page count, text at least 7 pt, 16 pt in
    `large_print`, lines at least 0.75 pt, no bleed); `format=sheet` the puzzles alone on as
    few pages as fit. `cover=true` gives the book's cover instead: back, spine and front on one
    page with 0.125 in bleed, the spine's width from the page count (KDP: white paper 0.002252
    in a page, cream 0.0025). At most 100 puzzles. A book is one request of its client for its
    whole life: it holds one of the client's slots until its PDF is made (a client over its
    slots gets 429), each puzzle runs under the client's budget (an API key's allowance), in
    turn behind other requests, and the book has one deadline, the request deadline plus a
    tenth of it per puzzle (30 s + 3 s a puzzle by default). A puzzle that fails (its budget,
    the deadline, a given puzzle without exactly one solution) fails the book with its
    problem, whose detail names the puzzle. A layout that cannot keep the print minimums is a
    422 naming the limit and the largest `per_page` that fits. A client that disconnects
    stops the work.

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
        puzzles (list[str] | Unset): The puzzles to print instead of making them, as IDs (repeated
            or comma-separated), 1 to 100. Not with the generation's fields.
        format_ (Format | Unset): What kind of document: a book (front matter, numbered pages,
            solutions at the back, padded
            to the trim's page count) or a sheet (the puzzles alone, on as few pages as they fit).
        solutions (bool | Unset):
        trim (str | Unset):
        per_page (int | Unset):
        large_print (bool | Unset):
        title (str | Unset):
        author (str | Unset):
        copyright_ (str | Unset):
        cover (bool | Unset):
        paper (Paper | Unset): The paper a book is printed on: its thickness gives the spine's
            width (KDP's formula).
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        body (BookletParameters | Unset): A booklet: its puzzles, made as a batch makes them (the
            parameters of `/generate/batch`:
            genre, shape, level or score range, and `seeds` or `count` from a first `seed`) or given
            (`puzzles`), and the book's layout. Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        genre=genre,
        shape=shape,
        level=level,
        seeds=seeds,
        count=count,
        seed=seed,
        puzzles=puzzles,
        format_=format_,
        solutions=solutions,
        trim=trim,
        per_page=per_page,
        large_print=large_print,
        title=title,
        author=author,
        copyright_=copyright_,
        cover=cover,
        paper=paper,
        budget=budget,
        score_min=score_min,
        score_max=score_max,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: BookletParameters | Unset = UNSET,
    genre: Genre | Unset = UNSET,
    shape: str | Unset = UNSET,
    level: TargetLevel | Unset = UNSET,
    seeds: list[int] | Unset = UNSET,
    count: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    puzzles: list[str] | Unset = UNSET,
    format_: Format | Unset = UNSET,
    solutions: bool | Unset = UNSET,
    trim: str | Unset = UNSET,
    per_page: int | Unset = UNSET,
    large_print: bool | Unset = UNSET,
    title: str | Unset = UNSET,
    author: str | Unset = UNSET,
    copyright_: str | Unset = UNSET,
    cover: bool | Unset = UNSET,
    paper: Paper | Unset = UNSET,
    budget: int | Unset = UNSET,
    score_min: float | Unset = UNSET,
    score_max: float | Unset = UNSET,
) -> File | Problem | None:
    """Print a puzzle book (or a sheet of puzzles, or a book's cover) as a print-ready PDF.

     The puzzles are made as `/generate/batch` makes them (`genre`, `shape`, `level` or a score
    range, and `seeds` or `count` from a first `seed`), or given (`puzzles`: IDs or puzzle
    source objects, of any genres, each with exactly one solution). Query string, or a JSON
    body whose fields win. `format=book` (the default) gives a title page, a copyright page,
    a how-to-play page per genre, the puzzles numbered (each with its level, score and ID),
    the solutions at the back and numbered Notes pages up to 24 pages, with KDP's paperback
    rules kept (margins, the gutter by page count, text at least 7 pt, 16 pt in
    `large_print`, lines at least 0.75 pt, no bleed); `format=sheet` the puzzles alone on as
    few pages as fit. `cover=true` gives the book's cover instead: back, spine and front on one
    page with 0.125 in bleed, the spine's width from the page count (KDP: white paper 0.002252
    in a page, cream 0.0025). At most 100 puzzles. A book is one request of its client for its
    whole life: it holds one of the client's slots until its PDF is made (a client over its
    slots gets 429), each puzzle runs under the client's budget (an API key's allowance), in
    turn behind other requests, and the book has one deadline, the request deadline plus a
    tenth of it per puzzle (30 s + 3 s a puzzle by default). A puzzle that fails (its budget,
    the deadline, a given puzzle without exactly one solution) fails the book with its
    problem, whose detail names the puzzle. A layout that cannot keep the print minimums is a
    422 naming the limit and the largest `per_page` that fits. A client that disconnects
    stops the work.

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
        puzzles (list[str] | Unset): The puzzles to print instead of making them, as IDs (repeated
            or comma-separated), 1 to 100. Not with the generation's fields.
        format_ (Format | Unset): What kind of document: a book (front matter, numbered pages,
            solutions at the back, padded
            to the trim's page count) or a sheet (the puzzles alone, on as few pages as they fit).
        solutions (bool | Unset):
        trim (str | Unset):
        per_page (int | Unset):
        large_print (bool | Unset):
        title (str | Unset):
        author (str | Unset):
        copyright_ (str | Unset):
        cover (bool | Unset):
        paper (Paper | Unset): The paper a book is printed on: its thickness gives the spine's
            width (KDP's formula).
        budget (int | Unset): A step budget: a request may ask for less than the server's, never
            for more.
        score_min (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        score_max (float | Unset): A difficulty score, 1.0 to 10.0 with at most one decimal
            (scores are tenths), within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9,
            expert 7.0-10.0.
        body (BookletParameters | Unset): A booklet: its puzzles, made as a batch makes them (the
            parameters of `/generate/batch`:
            genre, shape, level or score range, and `seeds` or `count` from a first `seed`) or given
            (`puzzles`), and the book's layout. Query string or JSON body; the body's fields win.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
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
            puzzles=puzzles,
            format_=format_,
            solutions=solutions,
            trim=trim,
            per_page=per_page,
            large_print=large_print,
            title=title,
            author=author,
            copyright_=copyright_,
            cover=cover,
            paper=paper,
            budget=budget,
            score_min=score_min,
            score_max=score_max,
        )
    ).parsed
