from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rate_report import RateReport
from ...models.rate_request_type_0 import RateRequestType0
from ...models.rate_request_type_1 import RateRequestType1
from ...models.rate_request_type_2 import RateRequestType2
from ...models.rate_request_type_3 import RateRequestType3
from ...types import Response


def _get_kwargs(
    *,
    body: RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/rate",
    }

    if isinstance(body, RateRequestType0):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RateRequestType1):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RateRequestType2):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RateReport | None:
    if response.status_code == 200:
        response_200 = RateReport.from_dict(response.json())

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
) -> Response[Problem | RateReport]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3,
) -> Response[Problem | RateReport]:
    """Rate a puzzle as a human solver would find it (level, score, descriptors), and check
    whether it is unique.

     A rating says only what it established: no level unless the rating finished (`status`),
    uniqueness as `unique`, `not_unique` or `unknown`; a budget that runs out is in the
    report (`complete` false), see `RateReport` for every combination.

    Args:
        body (RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3): A puzzle
            to rate.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RateReport]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3,
) -> Problem | RateReport | None:
    """Rate a puzzle as a human solver would find it (level, score, descriptors), and check
    whether it is unique.

     A rating says only what it established: no level unless the rating finished (`status`),
    uniqueness as `unique`, `not_unique` or `unknown`; a budget that runs out is in the
    report (`complete` false), see `RateReport` for every combination.

    Args:
        body (RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3): A puzzle
            to rate.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RateReport
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3,
) -> Response[Problem | RateReport]:
    """Rate a puzzle as a human solver would find it (level, score, descriptors), and check
    whether it is unique.

     A rating says only what it established: no level unless the rating finished (`status`),
    uniqueness as `unique`, `not_unique` or `unknown`; a budget that runs out is in the
    report (`complete` false), see `RateReport` for every combination.

    Args:
        body (RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3): A puzzle
            to rate.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RateReport]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3,
) -> Problem | RateReport | None:
    """Rate a puzzle as a human solver would find it (level, score, descriptors), and check
    whether it is unique.

     A rating says only what it established: no level unless the rating finished (`status`),
    uniqueness as `unique`, `not_unique` or `unknown`; a budget that runs out is in the
    report (`complete` false), see `RateReport` for every combination.

    Args:
        body (RateRequestType0 | RateRequestType1 | RateRequestType2 | RateRequestType3): A puzzle
            to rate.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RateReport
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
